import Cookies from 'js-cookie';

/** Cookie and storage names are the spec's (§9), including the original's spelling "TOEKN". */
export const TOKEN_COOKIE = 'TOEKN';
export const POINT_COOKIE = 'point';
export const LOGO_KEY = 'logo';
export const COMPONENT_KEY = 'component';
export const ROLE_KEY = 'roleKey';

export const getToken = () => Cookies.get(TOKEN_COOKIE);

/** Remembered: the cookie lasts 1 day; otherwise it ends with the browser session. */
export function setToken(token: string, remember: boolean) {
  Cookies.set(TOKEN_COOKIE, token, remember ? { expires: 1 } : undefined);
}

export const removeToken = () => Cookies.remove(TOKEN_COOKIE);

export const savedComponent = () => localStorage.getItem(COMPONENT_KEY);
