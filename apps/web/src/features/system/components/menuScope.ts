import { MENU_SCOPES, MODULE_TITLES, type MenuScope } from '@pdz/contracts';

/** 'all' menus show in every module: "通用". */
export function scopeLabel(scope: MenuScope | string): string {
  return scope === 'all' ? '通用' : (MODULE_TITLES[scope] ?? scope);
}

export const SCOPE_OPTIONS = MENU_SCOPES.map((s) => ({ label: scopeLabel(s), value: s }));
