/**
 * Identity checks for renting: ID-card OCR, real name, face, credit (scored at real-name
 * submit) and the emergency contact. ID numbers go up once and come back masked only.
 */
import type {
  AuthSubmitBody,
  FaceResult,
  Identity,
  OcrResult,
  VerificationStatus,
} from '@contract/api/kyc';
import type { EmergencyContact } from '@contract/api/user';
import { get, post } from '../platform/request';

export type { FaceResult, Identity, OcrResult, VerificationStatus };

/** What is done, and the masked identity once there is one. */
export function fetchVerificationStatus() {
  return get<{ status: VerificationStatus; identity: Identity | null }>('/api/user/auth/status');
}

/** Read an uploaded photo (`uploadFile` in api/client) of one side of the ID card. */
export function recogniseIdCard(fileId: string, side: 'front' | 'back') {
  return post<OcrResult>('/api/client/idcard/ocr', { fileId, side });
}

/** Typed `{ name, idNo }` or a recognised front `{ ocrId }`. */
export function submitRealName(body: AuthSubmitBody) {
  return post<Identity>('/api/client/auth/submit', body);
}

export function startFace() {
  return post<{ certifyId: string; url: string }>('/api/client/auth/face', {});
}

/** H5: hand in a selfie for the running session instead of opening the face page. */
export function putFacePhoto(certifyId: string, fileId: string) {
  return post<FaceResult>('/api/client/face/put', { certifyId, fileId });
}

export function fetchFaceResult(certifyId: string) {
  return post<FaceResult>('/api/client/face/result', { certifyId });
}

export function fetchEmergencyContact() {
  return post<{ name: string; mobile: string; relation: string } | null>(
    '/api/client/link/detail',
    {},
  );
}

export function submitEmergencyContact(body: EmergencyContact) {
  return post<{ name: string; mobile: string; relation: string } | null>(
    '/api/client/link/submit',
    body,
  );
}
