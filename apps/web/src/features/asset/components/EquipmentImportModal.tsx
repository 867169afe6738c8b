import { useState } from 'react';
import { Alert, Button, Flex, Modal, Result, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EQUIPMENT_IMPORT_MAX_ROWS, type EquipmentImportResult, type ImportRowError } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { downloadFile } from '@/api/download';
import { EQUIPMENT_DEPENDENT_KEYS, EQUIPMENT_KEY, EQUIPMENT_TEMPLATE_URL, ImportRejectedError, importEquipment } from '../api/equipment';
import { POINT_KEY } from '../api/point';
import { importFailureSummary, importReportRows, isXlsx } from './equipmentImport';

type Outcome = { ok: true; result: EquipmentImportResult } | { ok: false; errors: ImportRowError[] } | null;

export async function downloadEquipmentTemplate() {
  try {
    await downloadFile(EQUIPMENT_TEMPLATE_URL, undefined, '设备导入模板.xlsx');
  } catch {
    // Shown by the HTTP client.
  }
}

/**
 * 导入设备: pick the filled-in template, upload, then either the count imported or the report of
 * every bad row (行号 / 字段 / 原因). The server imports all rows or none, so after a refusal the
 * operator fixes the file and uploads it again.
 */
export function EquipmentImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const close = () => {
    setFile(null);
    setOutcome(null);
    onClose();
  };

  async function upload() {
    if (!file) return;
    setBusy(true);
    try {
      const result = await importEquipment(file);
      setOutcome({ ok: true, result });
      await Promise.all([EQUIPMENT_KEY, POINT_KEY, ...EQUIPMENT_DEPENDENT_KEYS].map((queryKey) => qc.invalidateQueries({ queryKey })));
    } catch (err) {
      if (err instanceof ImportRejectedError) setOutcome({ ok: false, errors: err.errors });
      // Other failures (wrong format, empty file …) were shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  }

  const done = outcome?.ok === true;
  return (
    <Modal
      title="导入设备"
      open={open}
      width={760}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        done ? (
          <Button type="primary" onClick={close}>
            完成
          </Button>
        ) : (
          <Flex justify="space-between">
            <Button icon={<DownloadOutlined />} onClick={() => void downloadEquipmentTemplate()}>
              下载模板
            </Button>
            <Flex gap={8}>
              <Button onClick={close}>取消</Button>
              <Button type="primary" disabled={!file} loading={busy} onClick={() => void upload()}>
                {outcome ? '重新导入' : '开始导入'}
              </Button>
            </Flex>
          </Flex>
        )
      }
    >
      {done ? (
        <Result
          status="success"
          title={`成功导入 ${outcome.result.imported} 台设备`}
          subTitle={`已按型号生成 ${outcome.result.points} 个测点。`}
        />
      ) : (
        <>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            multiple={false}
            fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (!isXlsx(f.name)) {
                feedback.message.error('只支持 .xlsx 格式的文件，请使用下载的导入模板');
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setOutcome(null);
              // Held here and sent on 开始导入, not uploaded on pick.
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setOutcome(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">将文件拖到此处，或点击选择文件</p>
            <p className="ant-upload-hint">
              仅支持 .xlsx，每次最多 {EQUIPMENT_IMPORT_MAX_ROWS} 行；请先下载模板，按模板列填写（带 * 的列必填）。
            </p>
          </Upload.Dragger>
          {outcome && !outcome.ok && <ImportReport errors={outcome.errors} />}
        </>
      )}
    </Modal>
  );
}

function ImportReport({ errors }: { errors: ImportRowError[] }) {
  return (
    <div style={{ marginTop: 16 }}>
      <Alert type="error" showIcon title="导入失败，未导入任何数据" description={importFailureSummary(errors)} style={{ marginBottom: 12 }} />
      <Table
        size="small"
        rowKey="key"
        dataSource={importReportRows(errors)}
        pagination={errors.length > 8 ? { pageSize: 8, size: 'small', showTotal: (t) => `共 ${t} 处`, showSizeChanger: false } : false}
        columns={[
          { key: 'row', title: '行号', dataIndex: 'row', width: 80, render: (v: number) => `第 ${v} 行` },
          { key: 'field', title: '字段', dataIndex: 'field', width: 150 },
          { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
        ]}
      />
    </div>
  );
}
