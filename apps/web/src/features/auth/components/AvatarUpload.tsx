import { useState } from 'react';
import { App, Avatar, Spin, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { PROFILE_IMAGE_MAX_BYTES } from '@pdz/contracts';
import { resourceUrl, uploadAvatar } from '../api';
import s from '../pages/profile.module.css';

/** The kinds the server accepts (it checks the content, this only spares a useless upload). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Why a chosen file cannot be an avatar, or null when it can. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return '只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return `图片大小不能超过${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024}MB`;
  return null;
}

interface Props {
  avatar: string | null | undefined;
  onUploaded: () => Promise<unknown> | void;
}

/** Click the avatar to replace it: POST /api/system/user/profile/avatar, multipart field "file". */
export function AvatarUpload({ avatar, onUploaded }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      await uploadAvatar(file);
      await onUploaded();
      message.success('头像已更新');
    } catch {
      // Shown by the HTTP client (wrong format, too large).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept={AVATAR_TYPES.join(',')}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        const problem = avatarFileProblem(file);
        if (problem) {
          message.error(problem);
          return Upload.LIST_IGNORE;
        }
        void upload(file);
        return false;
      }}
    >
      <div className={s.avatarWrap} title="点击上传头像">
        <Spin spinning={busy}>
          <Avatar size={104} src={avatar ? resourceUrl(avatar) : undefined} icon={<UserOutlined />} className={s.avatar} />
        </Spin>
        <span className={s.avatarMask}>
          <CameraOutlined />
          <span>更换头像</span>
        </span>
      </div>
    </Upload>
  );
}
