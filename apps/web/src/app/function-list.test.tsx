import { afterEach, describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { renderHook } from '@testing-library/react';
import { createTestI18n } from '../widgets/test-utils';
import { NAV_ROUTES } from '@ems/contract';
import { useFunction } from '../lib/permission';
import { useSession } from '../lib/session';
import { useAppModel } from './use-app-model';

const idOf = (key: string) => NAV_ROUTES.find((r) => r.key === key)?.id as number;
const i18n = createTestI18n();
const wrapper = ({ children }: { children: ReactNode }) => createElement(I18nextProvider, { i18n }, children);
const menuKeys = () => renderHook(() => useAppModel(), { wrapper }).result.current.menu.flatMap((g) => g.children.map((c) => c.key));

afterEach(() => useSession.setState({ functionList: null, module: 'pf' }));

describe('the function-permission check (spec section 6: initial info functionList, ids = page ids)', () => {
  it('before the list is known nothing is hidden', () => {
    useSession.setState({ module: 'pf', functionList: null });
    expect(menuKeys()).toEqual(expect.arrayContaining(['admin_log', 'admin_sysconfig', 'cloudProjectConfig']));
    expect(renderHook(() => useFunction()).result.current(idOf('admin_log'))).toBe(true);
  });

  it('a page whose id the list does not hold leaves the menu and the router', () => {
    useSession.setState({ module: 'pf', functionList: [{ id: idOf('admin_log') }, { id: idOf('cloudProjectConfig') }] });
    expect(menuKeys().sort()).toEqual(['admin_log', 'cloudProjectConfig']);
    const model = renderHook(() => useAppModel(), { wrapper }).result.current;
    expect(model.findRoute('/admin/sysconfig')).toBeUndefined();
    expect(model.findRoute('/admin/log')?.key).toBe('admin_log');
    const has = renderHook(() => useFunction()).result.current;
    expect([has(idOf('admin_log')), has(idOf('admin_sysconfig'))]).toEqual([true, false]);
  });
});
