import { Result } from 'antd';

/** A menu points at a component key the console does not have: say so instead of crashing. */
export function PageMissing({ componentKey }: { componentKey?: string }) {
  return <Result status="404" title="页面不存在" subTitle={componentKey ? `菜单配置的组件“${componentKey}”不存在，请联系管理员检查菜单配置。` : '菜单未配置组件路径。'} />;
}
