/**
 * The legal texts' shape: each document's date and its sections, with how many paragraphs each
 * has. The words are the catalogues' legal area (`legal.<doc>.title`, `.preamble`,
 * `.<section>.heading`, `.<section>.<paragraph>`), in every language, for the brand's company.
 */
export const LEGAL_DOCUMENTS = {
  privacy: { updated: '2026-11-01', sections: [5, 2, 2, 2, 2, 1, 1] },
  register: { updated: '2026-11-01', sections: [1, 3, 2, 1, 1, 1] },
  rental: { updated: '2026-11-01', sections: [2, 2, 3, 2, 2, 2, 1, 1, 2] },
  service: { updated: '2026-11-01', sections: [1, 2, 1, 2, 1, 1, 1, 1, 1] },
  // Dated as the withholding consent's version (server/src/privacy/policies.ts).
  withholding: { updated: '2026-11-25', sections: [2, 3, 2, 2, 1, 3] },
} as const;

export type LegalDocumentId = keyof typeof LEGAL_DOCUMENTS;
