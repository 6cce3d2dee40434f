/** Feedback (complaints), its types, and file uploads. */
import type { ComplaintBody, Complaint, MyComplaint, UploadReply } from '@contract/api/client';
import type { DictionaryItem } from '@contract/api/reference-data';
import { get, post, upload } from '../platform/request';

export type { ComplaintBody, Complaint, DictionaryItem, MyComplaint };
export type UploadedFile = NonNullable<UploadReply['data']>;

/** The feedback types: the `complaint_type` dictionary. */
export function fetchComplaintTypes() {
  return get<DictionaryItem[]>('/api/common/dictionary', { type: 'complaint_type' });
}

/** One local file (a chooser's temp path, a blob: URL on H5) as multipart `file`. */
export function uploadFile(filePath: string) {
  return upload<UploadedFile>({ url: '/api/client/put-file', filePath, name: 'file' });
}

export function submitComplaint(body: ComplaintBody) {
  return post<Complaint>('/api/client/complaint/submit', body);
}

/** The user's own feedback on this brand, newest first, with the merchant's reply. */
export function fetchMyComplaints() {
  return get<{ list: MyComplaint[] }>('/api/client/complaint/list');
}
