import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';

interface Props {
  /** A new value (the path) clears the error: navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: string;
}

/** Keeps a crashing page inside the page area: the sidebar, tabs and top bar stay usable. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('页面渲染出错', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title="页面出错了"
        subTitle="页面渲染时发生错误，请刷新重试；如果问题持续，请联系管理员。"
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            重新加载
          </Button>
        }
      />
    );
  }
}
