import { useMemo } from 'react';
import { Button, Col, Empty, Form, Input, Radio, Row, Select, Space, Spin, Switch, Tag, TreeSelect, Typography } from 'antd';
import { noticeAddBody, PERMS, siteConfigBody, type DeptUserTreeNode, type SiteConfig } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { CrudPage, confirmAction, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { useSettingsStore } from '@/stores/settings';
import { MESSAGE_LEVELS } from '@/features/messages/levels';
import { addNotice, CONFIG_KEY, saveSiteConfig, useSiteConfig, type NoticeFormValues } from '../api/config';
import { useDeptUserTree } from '../api/dept';
import { pickedUserIds } from '../components/noticeRecipients';
import { messagesKey, refreshBell } from '@/features/messages/api';

const S = siteConfigBody.shape;
const N = noticeAddBody.shape;
const LEVEL_OPTIONS = [1, 2, 3, 4].map((l) => ({ value: l, label: <Tag color={MESSAGE_LEVELS[l].color}>{`${l}级 · ${MESSAGE_LEVELS[l].label}`}</Tag> }));

type SiteForm = { siteTitle?: string | null; showFooter: boolean; footerTxt?: string | null; caseNumber?: string | null };

/** 站点设置: the title, footer and filing number every console shows. */
function SiteSettings() {
  const canEdit = usePerm([PERMS.config.edit]);
  const site = useSiteConfig();
  const applySite = useSettingsStore((s) => s.applySite);
  const [form] = Form.useForm<SiteForm>();
  const showFooter = Form.useWatch('showFooter', form);
  const save = useCrudMutation((v: SiteConfig) => saveSiteConfig(v), {
    invalidate: [CONFIG_KEY],
    success: '保存成功',
    // This console shows the new values at once; others on their next load.
    onSuccess: (_r, v) => applySite({ siteTitle: v.siteTitle ?? '', showFooter: v.showFooter, footerTxt: v.footerTxt ?? '', caseNumber: v.caseNumber ?? '' }),
  });

  if (site.isLoading) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!site.data) return <Empty description="站点设置加载失败" />;
  return (
    <Form<SiteForm>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      disabled={!canEdit}
      initialValues={{ ...site.data, showFooter: !!site.data.showFooter }}
      onFinish={(v) => save.mutateAsync({ ...v, showFooter: !!v.showFooter } as SiteConfig).catch(() => undefined)}
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="siteTitle" label="系统名称" rules={schemaRules(S.siteTitle)} extra="显示在顶栏和登录页；留空则使用默认名称“配电站智能监控系统”">
        <Input placeholder="配电站智能监控系统" maxLength={64} showCount />
      </Form.Item>
      <Form.Item name="showFooter" label="显示底部版权" valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
      </Form.Item>
      <Form.Item name="footerTxt" label="底部文字" rules={schemaRules(S.footerTxt)}>
        <Input placeholder="如 Copyright © 2026 某某供电公司" maxLength={200} disabled={!canEdit || !showFooter} />
      </Form.Item>
      <Form.Item name="caseNumber" label="备案号" rules={schemaRules(S.caseNumber)} extra="显示在页面底部，点击打开工信部备案查询">
        <Input placeholder="如 京ICP备00000000号" maxLength={64} disabled={!canEdit || !showFooter} />
      </Form.Item>
      {canEdit && (
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={() => form.resetFields()}>重置</Button>
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}

type TreeNode = { value: string; title: string; children?: TreeNode[] };

function toTree(nodes: DeptUserTreeNode[] | undefined): TreeNode[] {
  return (nodes ?? []).map((n) => ({ value: n.id, title: n.label, children: n.children?.length ? toTree(n.children) : undefined }));
}

type NoticeForm = { title: string; content: string; level: number; to: 'all' | 'some'; picked?: string[] };

/** 发布通知: a system notice to every user or to chosen ones; it arrives as a site message. */
function PublishNotice() {
  const [form] = Form.useForm<NoticeForm>();
  const to = Form.useWatch('to', form);
  const tree = useDeptUserTree(to === 'some');
  const treeData = useMemo(() => toTree(tree.data), [tree.data]);
  const publish = useCrudMutation((v: NoticeFormValues) => addNotice(v), {
    // The sender may be among the recipients: their message list and bell change.
    invalidate: [messagesKey],
    success: (r) => `通知已发布，共 ${r.recipients} 人接收`,
    onSuccess: () => {
      form.resetFields();
      void refreshBell();
    },
  });

  const submit = (v: NoticeForm) => {
    const userIds = v.to === 'some' ? pickedUserIds(tree.data, v.picked ?? []) : [];
    confirmAction({
      title: '发布通知',
      content: v.to === 'some' ? `确认向选中的 ${userIds.length} 位用户发布通知“${v.title}”吗？` : `确认向全部用户发布通知“${v.title}”吗？`,
      onOk: () => publish.mutateAsync({ title: v.title, content: v.content, level: v.level, userIds }),
    });
  };

  return (
    <Form<NoticeForm> form={form} layout="horizontal" labelCol={{ flex: '110px' }} initialValues={{ level: 4, to: 'all' }} onFinish={submit} style={{ maxWidth: 640 }}>
      <Form.Item name="title" label="标题" rules={schemaRules(N.title, { required: '标题' })}>
        <Input placeholder="请输入标题" maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="content" label="内容" rules={schemaRules(N.content, { required: '内容' })}>
        <Input.TextArea placeholder="请输入通知内容" maxLength={2000} rows={5} showCount />
      </Form.Item>
      <Form.Item name="level" label="级别" rules={[{ required: true, message: '请选择级别' }]}>
        <Select options={LEVEL_OPTIONS} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="to" label="接收人">
        <Radio.Group
          options={[
            { value: 'all', label: '全部用户' },
            { value: 'some', label: '指定用户' },
          ]}
        />
      </Form.Item>
      {to === 'some' && (
        <Form.Item
          name="picked"
          label="选择用户"
          rules={[
            {
              validator: async (_r, v: string[] | undefined) => {
                if (!pickedUserIds(tree.data, v ?? []).length) throw new Error('请至少选择一位接收人');
              },
            },
          ]}
          extra="勾选部门即选中该部门下的全部用户"
        >
          <TreeSelect
            treeData={treeData}
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            placeholder="请选择接收人"
            loading={tree.isLoading}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            maxTagCount="responsive"
            allowClear
          />
        </Form.Item>
      )}
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={publish.isPending}>
            发布
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** 系统设置: site settings and 发布通知 (each behind its permission). */
export default function ConfigPage() {
  const canNotice = usePerm([PERMS.notice.add]);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={12}>
        <CrudPage>
          <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
            站点设置
          </Typography.Title>
          <SiteSettings />
        </CrudPage>
      </Col>
      {canNotice && (
        <Col xs={24} xl={12}>
          <CrudPage>
            <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
              发布通知
            </Typography.Title>
            <PublishNotice />
          </CrudPage>
        </Col>
      )}
    </Row>
  );
}
