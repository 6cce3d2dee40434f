/** A dialog's failed request, in the server's words, above its form (announced: role alert). */
import { Alert } from 'antd';

export function ErrorAlert({ error }: { error: Error | null | undefined }) {
  return error ? (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={error.message}
      style={{ marginBottom: 16 }}
    />
  ) : null;
}
