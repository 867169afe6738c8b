import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { GatewaySecretResult } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { formatTime } from '@/components/crud';

/** Clipboard API where the page is a secure context; the old way on plain http inside a station LAN. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export interface SiteGatewaySecretDialogProps {
  /** The answer of save / rotateSecret; undefined: closed. */
  secret: GatewaySecretResult | undefined;
  /** 新增 or 重置: only the title and the first line differ. */
  reason: 'created' | 'rotated';
  onClose: () => void;
}

/**
 * The gateway secret, shown this one time (only its hash is stored). The dialog closes only by
 * 我已保存, never by a stray click outside or Esc, so the secret is not lost by accident.
 */
export function SiteGatewaySecretDialog({ secret, reason, onClose }: SiteGatewaySecretDialogProps) {
  const copy = async () => {
    if (!secret) return;
    if (await copyText(secret.secret)) feedback.message.success('密钥已复制到剪贴板');
    else feedback.message.warning('无法自动复制，请选中密钥后手动复制');
  };
  return (
    <Modal
      title={reason === 'created' ? '网关已创建：接入密钥' : '网关密钥已重置'}
      open={!!secret}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={600}
      destroyOnHidden
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={copy}>
          复制密钥
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          我已保存
        </Button>,
      ]}
    >
      {secret && (
        <>
          <Alert
            type="warning"
            showIcon
            title="密钥仅显示一次，请立即保存"
            description={
              reason === 'created'
                ? '关闭后无法再次查看。请把密钥配置到网关上；如遗失，只能重置密钥。'
                : '旧密钥已立即失效，网关需改用新密钥才能继续上报数据。关闭后无法再次查看。'
            }
            style={{ marginBottom: 16 }}
          />
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 110 } }}
            items={[
              { key: 'code', label: '网关编号', children: secret.code },
              {
                key: 'secret',
                label: '接入密钥',
                children: (
                  <Typography.Text code copyable={{ text: secret.secret, tooltips: ['复制', '已复制'] }} style={{ wordBreak: 'break-all', fontSize: 14 }} data-testid="gateway-secret">
                    {secret.secret}
                  </Typography.Text>
                ),
              },
              { key: 'at', label: '生成时间', children: formatTime(secret.secretRotatedAt) },
              {
                key: 'how',
                label: '接入方式',
                children: (
                  <>
                    MQTT 用户名为网关编号，密码为此密钥，上报主题 <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{`gw/${secret.code}/up`}</Typography.Text>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
