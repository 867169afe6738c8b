import { create } from 'zustand';
import Cookies from 'js-cookie';

/** Spec §3 Settings, with the spec's defaults. */
export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  footerTxt: string;
  caseNumber: string;
  /** Site name from the server's site settings; shown in the logo and as the fallback title. */
  siteTitle: string;
}

export const DEFAULT_THEME = '#1890ff';
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_DAYS = 365;
const LAYOUT_KEY = 'layout-setting';

export const defaultSettings: Settings = {
  theme: DEFAULT_THEME,
  showSettings: false,
  tagsView: false,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: false,
  footerTxt: '',
  caseNumber: '',
  siteTitle: '',
};

/** Layout choices the user made in the settings drawer survive a reload (theme in its cookie). */
function loadSettings(): Settings {
  let saved: Partial<Settings>;
  try {
    saved = JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? '{}') as Partial<Settings>;
  } catch {
    saved = {};
  }
  const picked = Object.fromEntries(Object.entries(saved).filter(([k]) => k in defaultSettings && k !== 'showSettings'));
  return { ...defaultSettings, ...picked, theme: Cookies.get(THEME_COOKIE) ?? defaultSettings.theme };
}

interface SettingsState extends Settings {
  /** Changes a setting by key; unknown keys are ignored (spec §3). */
  changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void;
  /** Applies site-wide values from the server (title, footer text, filing number). */
  applySite(site: Partial<Pick<Settings, 'siteTitle' | 'showFooter' | 'footerTxt' | 'caseNumber'>>): void;
}

const PERSISTED: (keyof Settings)[] = ['tagsView', 'fixedHeader', 'sidebarLogo', 'uniqueOpened'];

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...loadSettings(),
  changeSetting(key, value) {
    if (!Object.prototype.hasOwnProperty.call(defaultSettings, key)) return;
    set({ [key]: value } as Partial<Settings>);
    if (key === 'theme') Cookies.set(THEME_COOKIE, String(value), { expires: THEME_COOKIE_DAYS });
    if (PERSISTED.includes(key)) {
      const s = get();
      localStorage.setItem(LAYOUT_KEY, JSON.stringify(Object.fromEntries(PERSISTED.map((k) => [k, s[k]]))));
    }
  },
  applySite(site) {
    set(site);
  },
}));
