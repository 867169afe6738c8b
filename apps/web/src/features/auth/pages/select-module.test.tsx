import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ModuleOption } from '@pdz/contracts';

vi.mock('../api', async (importOriginal) => {
  const { useQuery } = await import('@tanstack/react-query');
  const listModules = vi.fn();
  return {
    ...(await importOriginal<typeof import('../api')>()),
    listModules,
    selectModule: vi.fn(),
    // The real hook closes over the real listModules; this one uses the mock.
    useModules: () => useQuery({ queryKey: ['auth', 'modules'], queryFn: () => listModules() }),
  };
});

const { renderAt } = await import('../test-utils');
const api = await import('../api');
const { default: SelectModulePage, moduleLanding } = await import('./select-module');
const { usePermissionStore } = await import('@/stores/permission');

const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const modules: ModuleOption[] = [
  { key: 'monitor', title: '监控中心', icon: null, firstPath: '/monitor/overview' },
  { key: 'system', title: '系统管理', icon: null, firstPath: null },
];

describe('选择模块', () => {
  it('lands on the module first page, or /home/index without one', () => {
    expect(moduleLanding({ firstPath: '/monitor/overview' })).toBe('/monitor/overview');
    expect(moduleLanding({ firstPath: null })).toBe('/home/index');
  });

  it('choosing a card tells the server, reloads the menus, saves the component path and goes there', async () => {
    vi.mocked(api.listModules).mockResolvedValue(modules);
    vi.mocked(api.selectModule).mockResolvedValue(modules[0]);
    const calls: string[] = [];
    usePermissionStore.setState({ reset: vi.fn(() => calls.push('reset')), bootstrap: vi.fn(async () => void calls.push('bootstrap')) });

    renderAt('/selectMoudle', <SelectModulePage />);
    fireEvent.click((await screen.findByText('监控中心', {}, WAIT)).closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/monitor/overview'), WAIT);
    expect(api.selectModule).toHaveBeenCalledWith('monitor');
    expect(calls).toEqual(['reset', 'bootstrap']);
    expect(localStorage.getItem('component')).toBe('/monitor/overview');
  });
});
