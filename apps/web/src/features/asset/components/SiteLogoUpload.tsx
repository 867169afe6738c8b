import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { CUSTOMER_IMAGE_MAX_BYTES } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { resourceUrl } from '@/layout/resource';
import { CUSTOMER_KEY, uploadCustomerImage, type CustomerImageField } from '../api/customer';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const MAX_MB = CUSTOMER_IMAGE_MAX_BYTES / 1024 / 1024;

/** Checked before sending, with the server's own wording; the server checks the bytes again. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!ACCEPT.split(',').includes(file.type)) return '只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片';
  if (file.size > CUSTOMER_IMAGE_MAX_BYTES) return `图片大小不能超过${MAX_MB}MB`;
  return null;
}

export interface SiteLogoUploadProps {
  customerId: number;
  field: CustomerImageField;
  /** The stored name, shown through the resource call. */
  value: string | null;
  onUploaded: (storedName: string) => void;
  disabled?: boolean;
}

/** 标志 / 小标志 of a customer: the current image and 上传 (sent at once, replacing the old one). */
export function SiteLogoUpload({ customerId, field, value, onUploaded, disabled }: SiteLogoUploadProps) {
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const box = field === 'logo' ? { width: 160, height: 48 } : { width: 48, height: 48 };
  return (
    <Space align="center" size={12}>
      <div
        style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px dashed #d9d9d9', borderRadius: 6, background: '#fafafa', overflow: 'hidden' }}
      >
        {value ? (
          <Image src={resourceUrl(value)} alt={field === 'logo' ? '客户标志' : '客户小标志'} style={{ maxWidth: box.width, maxHeight: box.height, objectFit: 'contain' }} />
        ) : (
          <PictureOutlined style={{ fontSize: 20, color: '#bfbfbf' }} aria-label="未上传" />
        )}
      </div>
      <Space orientation="vertical" size={0}>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            const problem = imageProblem(file);
            if (problem) {
              feedback.message.error(problem);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const stored = await uploadCustomerImage(customerId, field, file as File);
              onUploaded(stored);
              // The lists show the logo; the open form's own record is left alone (it would reload the form).
              void qc.invalidateQueries({ queryKey: [...CUSTOMER_KEY, 'list'] });
              feedback.message.success('上传成功');
              onSuccess?.(stored);
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {value ? '更换' : '上传'}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {field === 'logo' ? '建议 320×96，' : '建议 96×96，'}不超过{MAX_MB}MB
        </Typography.Text>
      </Space>
    </Space>
  );
}
