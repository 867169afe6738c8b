import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PageErrorBoundary } from './PageErrorBoundary';

function Boom(): never {
  throw new Error('boom');
}

describe('PageErrorBoundary', () => {
  it('shows a message instead of the crashed page and recovers on another path', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <PageErrorBoundary resetKey="/a">
        <Boom />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
    rerender(
      <PageErrorBoundary resetKey="/b">
        <p>正常页面</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('正常页面')).toBeTruthy();
    spy.mockRestore();
  });
});
