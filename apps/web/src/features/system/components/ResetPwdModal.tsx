import { Form, Input, Typography } from 'antd';
import { userResetPwdBody, type UserRow } from '@pdz/contracts';
import { FormModal, quoted, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { resetUserPwd, USER_KEY } from '../api/user';

interface Values {
  password: string;
  confirm: string;
}

/** 重置密码: a new password, typed twice. The server ends the user's sessions. */
export function ResetPwdModal({ open, user, onClose }: { open: boolean; user?: UserRow; onClose: () => void }) {
  const reset = useCrudMutation((v: { id: number; password: string }) => resetUserPwd(v.id, v.password), {
    invalidate: [USER_KEY],
    success: '密码已重置，该用户需用新密码重新登录',
  });
  return (
    <FormModal<Values>
      title="重置密码"
      open={open}
      onClose={onClose}
      width={480}
      onSubmit={(v) => reset.mutateAsync({ id: user!.id, password: v.password })}
    >
      <Typography.Paragraph type="secondary">请为用户{quoted(user?.userName)}设置新密码。</Typography.Paragraph>
      <Form.Item name="password" label="新密码" rules={schemaRules(userResetPwdBody.shape.password, { required: '新密码' })} extra="8–64 位，须同时包含字母和数字">
        <Input.Password placeholder="请输入新密码" maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, v: string) => {
              if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" maxLength={64} autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
