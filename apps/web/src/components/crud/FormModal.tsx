import { useCallback, useId, useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Modal, Space, Spin, type FormInstance, type FormProps } from 'antd';

export interface FormDialogProps<V> {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Runs with the validated values; resolve = done (the dialog closes), reject = stay open. */
  onSubmit: (values: V) => Promise<unknown>;
  initialValues?: Partial<V>;
  /** The record is still loading (edit): a spinner instead of the form. */
  loading?: boolean;
  width?: number;
  /** Pass one to read or set fields from outside (e.g. dependent fields). */
  form?: FormInstance<V>;
  formProps?: Omit<FormProps<V>, 'form' | 'initialValues' | 'children'>;
  children: ReactNode;
}

function useSubmit<V>(form: FormInstance<V>, onSubmit: (v: V) => Promise<unknown>, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = useCallback(async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // The HTTP client has shown the server's reason; keep the form so nothing typed is lost.
    } finally {
      setBusy(false);
    }
  }, [form, onSubmit, onClose]);
  return { busy, submit };
}

function DialogForm<V>({ form, initialValues, formProps, children, onEnter }: { form: FormInstance<V>; initialValues?: Partial<V>; formProps?: FormDialogProps<V>['formProps']; children: ReactNode; onEnter: () => void }) {
  // antd names a field's input by the field name: without a form name the dialog's "deptName"
  // would share its id with the query bar's, and the dialog's label would point at the query bar.
  const name = `dialog${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  return (
    <Form<V>
      form={form}
      name={name}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      // Values go with the dialog: the next open starts from its own initial values.
      clearOnDestroy
      initialValues={initialValues as FormProps<V>['initialValues']}
      onFinish={onEnter}
      {...formProps}
    >
      {children}
      {/* Enter in a text field submits, like the 确定 button. */}
      <button type="submit" hidden aria-hidden />
    </Form>
  );
}

/** Add/edit dialog: antd Form in a Modal, 确 定 validates and submits, 取 消 closes. */
export function FormModal<V>({ title, open, onClose, onSubmit, initialValues, loading, width = 600, form: outer, formProps, children }: FormDialogProps<V>) {
  const [own] = Form.useForm<V>();
  const form = outer ?? own;
  const { busy, submit } = useSubmit(form, onSubmit, onClose);
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: loading }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {loading ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <DialogForm form={form} initialValues={initialValues} formProps={formProps} onEnter={submit}>
          {children}
        </DialogForm>
      )}
    </Modal>
  );
}

/** The same as a drawer, for forms too tall for a dialog (e.g. a role's permission tree). */
export function FormDrawer<V>({ title, open, onClose, onSubmit, initialValues, loading, width = 560, form: outer, formProps, children }: FormDialogProps<V>) {
  const [own] = Form.useForm<V>();
  const form = outer ?? own;
  const { busy, submit } = useSubmit(form, onSubmit, onClose);
  return (
    <Drawer
      title={title}
      open={open}
      size={width}
      onClose={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} disabled={loading} onClick={submit}>
            确定
          </Button>
        </Space>
      }
    >
      {loading ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <DialogForm form={form} initialValues={initialValues} formProps={formProps} onEnter={submit}>
          {children}
        </DialogForm>
      )}
    </Drawer>
  );
}

/** Open/close state of an add/edit dialog and the record it edits (undefined = 新增). */
export function useEditor<T>() {
  const [state, setState] = useState<{ open: boolean; record?: T; parent?: Partial<T> }>({ open: false });
  return {
    open: state.open,
    record: state.record,
    /** Preset values for 新增 (e.g. the parent of a child being added). */
    preset: state.parent,
    isEdit: state.record !== undefined,
    openAdd: useCallback((preset?: Partial<T>) => setState({ open: true, parent: preset }), []),
    openEdit: useCallback((record: T) => setState({ open: true, record }), []),
    close: useCallback(() => setState((s) => ({ ...s, open: false })), []),
  };
}
