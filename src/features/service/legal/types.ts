/** A legal text as data: the page draws it, so the wording lives in one place per document. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** ISO date the text took effect. */
  updated: string;
  /** Who the user contracts with, and how to reach them. */
  preamble: string;
  sections: readonly LegalSection[];
}

/** What a text names: the active brand's operating company, app name and service line. */
export interface LegalParties {
  companyName: string;
  platformName: string;
  userPhone: string;
}
