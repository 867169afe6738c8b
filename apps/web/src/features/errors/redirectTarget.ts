/**
 * /redirect/<path>?<search> → /<path>?<search>. Tabs are refreshed (and pages re-rendered after a
 * size change) by visiting /redirect + fullPath: the detour unmounts the page, the way back mounts
 * it afresh with its query intact.
 */
export function redirectTarget(pathname: string, search = '', hash = ''): string {
  const rest = pathname.replace(/^\/redirect(?=\/|$)/, '').replace(/^\/+/, '');
  // "//host" after the prefix must not become a protocol-relative URL.
  return `/${rest}${search}${hash}`;
}
