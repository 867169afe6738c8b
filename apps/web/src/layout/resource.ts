/** A stored image (logo, avatar) by its stored name, through the public resource call (spec §3). */
export function resourceUrl(name: string): string {
  return `${import.meta.env.VITE_APP_BASE_API ?? ''}/common/download/resource?resource=${encodeURIComponent(name)}`;
}
