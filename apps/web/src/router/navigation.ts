import type { NavigateFunction } from 'react-router';

/** Lets code outside React (the HTTP client) navigate with the router once it is mounted. */
let navigate: NavigateFunction | null = null;

export function registerNavigate(fn: NavigateFunction | null) {
  navigate = fn;
}

export function navigateTo(path: string) {
  if (navigate) navigate(path);
  else window.location.assign(path);
}
