import { Children, useState, type ReactNode } from 'react';
import { Button, Form, Grid, Space, type FormInstance } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';

export interface QueryBarProps<Q> {
  /** Pass one to read or set fields from outside (e.g. a tree beside the list). */
  form?: FormInstance<Q>;
  initialValues?: Partial<Q>;
  /** 搜索: the form's values, cleared fields included, so the caller can replace its filters. */
  onSearch: (values: Q) => void;
  /** 重置: the form is back at its initial values; the caller resets its filters. */
  onReset: () => void;
  /** Fields shown on a narrow screen before 展开 (the rest fold away). */
  collapsedCount?: number;
  hidden?: boolean;
  children: ReactNode;
  /** Extra buttons after 搜索/重置. */
  extra?: ReactNode;
}

/**
 * The query form above a list: inline fields, 搜索 and 重置, Enter searches. On a narrow screen
 * (below md) only the first fields show until 展开, so the list stays in view on a phone.
 */
export function QueryBar<Q extends object>({ form: outer, initialValues, onSearch, onReset, collapsedCount = 2, hidden, children, extra }: QueryBarProps<Q>) {
  const [own] = Form.useForm<Q>();
  const form = outer ?? own;
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [expanded, setExpanded] = useState(false);
  const items = Children.toArray(children);
  const foldable = narrow && items.length > collapsedCount;
  const shown = foldable && !expanded ? items.slice(0, collapsedCount) : items;

  return (
    <Form<Q>
      form={form}
      layout={narrow ? 'vertical' : 'inline'}
      initialValues={initialValues}
      onFinish={() => onSearch(form.getFieldsValue(true) as Q)}
      className="crud-query-bar"
      // Hidden, not unmounted: the fields keep showing the filters still in force when it returns.
      style={{ marginBottom: 12, rowGap: 12, display: hidden ? 'none' : undefined }}
    >
      {shown}
      {/* Folded fields stay mounted (hidden) so their values still go with 搜索. */}
      {foldable && !expanded && <div style={{ display: 'none' }}>{items.slice(collapsedCount)}</div>}
      <Form.Item style={narrow ? { marginBottom: 0 } : undefined}>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            重置
          </Button>
          {foldable && (
            <Button type="link" onClick={() => setExpanded((e) => !e)} icon={expanded ? <UpOutlined /> : <DownOutlined />}>
              {expanded ? '收起' : '展开'}
            </Button>
          )}
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
