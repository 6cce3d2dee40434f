/**
 * A file import in two steps, as the catalogue import and the statement upload do it: pick a CSV
 * or XLSX file (sent base64), a dry run that lists each row's problems, then the page's own
 * import buttons. `useFileDryRun` holds the file, the mutation and the last result (picking a
 * file or changing what it is for clears the result); `FileDryRunCard` lays out the card.
 */
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Typography, Upload } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { fileToBase64 } from './brand-picker.tsx';
import { useText } from './i18n.tsx';

export interface PickedFile {
  name: string;
  /** The file's bytes, base64. */
  content: string;
  format: 'csv' | 'xlsx';
}

/** What a dry run or an import answers: at least each row's problems. */
interface FileProblems {
  problems: { row: number; field: string; message: string }[];
}

export interface FileDryRun<Mode extends string, R extends FileProblems> {
  file: PickedFile | null;
  pick: (file: PickedFile) => void;
  result: { mode: Mode; data: R } | null;
  /** Forget the last result (what the file is for has changed). */
  clear: () => void;
  run: UseMutationResult<R, Error, Mode>;
}

export function useFileDryRun<Mode extends string, R extends FileProblems>(
  send: (file: PickedFile | null, mode: Mode) => Promise<R>,
  onSuccess?: (mode: Mode) => void,
): FileDryRun<Mode, R> {
  const [file, setFile] = useState<PickedFile | null>(null);
  const [result, setResult] = useState<{ mode: Mode; data: R } | null>(null);
  const run = useMutation({
    mutationFn: (mode: Mode) => send(file, mode),
    onSuccess: (data, mode) => {
      setResult({ mode, data });
      onSuccess?.(mode);
    },
  });
  return {
    file,
    pick: (picked) => {
      setFile(picked);
      setResult(null);
    },
    result,
    clear: () => setResult(null),
    run,
  };
}

export function FileDryRunCard<Mode extends string, R extends FileProblems>({
  state,
  title,
  size,
  style,
  controls,
  controlsInline = false,
  hint,
  chooseLabel,
  fileTestId,
  actions,
  message,
  resultTestId,
  problems,
  children,
}: {
  state: FileDryRun<Mode | 'dry-run', R>;
  title: string;
  size?: 'small';
  style?: CSSProperties;
  /** What the file is for (kind, brand, provider, day), before the file picker. */
  controls: ReactNode;
  /** The controls and the picker on one row (else one under the other). */
  controlsInline?: boolean;
  /** A line on the file's columns, after the picker's row. */
  hint?: ReactNode;
  chooseLabel: string;
  fileTestId: string;
  /** The import buttons, after the dry run's. */
  actions: ReactNode;
  /** The result's line, for a dry run and an import. */
  message: (result: { mode: Mode | 'dry-run'; data: R }) => string;
  resultTestId?: string;
  problems: { testId?: string; fieldWidth: number; pagination: TablePaginationConfig };
  /** More of the result under the problems. */
  children?: ReactNode;
}) {
  const t = useText();
  const { file, result, run } = state;
  const rows = result?.data.problems ?? [];
  const picker = (
    <>
      <Upload
        accept=".csv,.xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={async (picked) => {
          const format = picked.name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
          state.pick({ name: picked.name, format, content: await fileToBase64(picked) });
          return false;
        }}
      >
        <Button>{chooseLabel}</Button>
      </Upload>
      {file && <Typography.Text data-testid={fileTestId}>{file.name}</Typography.Text>}
    </>
  );
  return (
    <Card size={size} title={title} style={style}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {controlsInline ? (
          <Space wrap>
            {controls}
            {picker}
          </Space>
        ) : (
          <>
            {controls}
            {picker}
          </>
        )}
        {hint}
        <Space wrap>
          <Button
            disabled={!file}
            loading={run.isPending && run.variables === 'dry-run'}
            onClick={() => run.mutate('dry-run')}
          >
            {t('试运行（只检查）', 'Dry run (check only)')}
          </Button>
          {actions}
        </Space>
        {run.error && <Alert type="error" showIcon message={run.error.message} />}
        {result && (
          <Alert
            data-testid={resultTestId}
            type={rows.length > 0 ? 'warning' : 'success'}
            showIcon
            message={message(result)}
          />
        )}
        {rows.length > 0 && (
          <Table
            data-testid={problems.testId}
            size="small"
            rowKey={(row) => `${row.row}-${row.field}-${row.message}`}
            dataSource={rows}
            pagination={problems.pagination}
            columns={[
              { title: t('行', 'Row'), dataIndex: 'row', width: 70 },
              { title: t('字段', 'Field'), dataIndex: 'field', width: problems.fieldWidth },
              { title: t('问题', 'Problem'), dataIndex: 'message' },
            ]}
          />
        )}
        {children}
      </Space>
    </Card>
  );
}
