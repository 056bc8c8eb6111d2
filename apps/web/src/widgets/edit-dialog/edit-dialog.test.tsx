import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { setNotifier, type Notifier } from '../../lib/notify';
import { EditDialog, type EditDialogProps } from './edit-dialog';
import { renderWidget } from '../test-utils';

let shown: string[] = [];
const recorder: Notifier = {
  success: (t) => void shown.push(t),
  info: (t) => void shown.push(t),
  warning: (t) => void shown.push(t),
  error: (t) => void shown.push(t),
};
beforeEach(() => {
  shown = [];
  setNotifier(recorder);
});
afterEach(() => vi.useRealTimers());

function Harness(props: Partial<EditDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'is-open' : 'is-closed'}</span>
      <EditDialog title="Edit device" {...props} open={open} onClose={() => setOpen(false)}>
        <p>form body</p>
      </EditDialog>
    </>
  );
}

const ok = () => screen.getByRole('button', { name: /OK/ });

describe('spec 4: edit dialog', () => {
  it('default width is 960 px', () => {
    renderWidget(<Harness />);
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('960px');
  });

  it('truthy check closes, shows operation succeeded! and fires onConfirm', () => {
    const onConfirm = vi.fn();
    renderWidget(<Harness beforeConfirm={() => true} onConfirm={onConfirm} />);
    fireEvent.click(ok());
    expect(screen.getByText('is-closed')).toBeTruthy();
    expect(shown).toEqual(['operation succeeded!']);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('zh-CN message is 操作成功！', () => {
    renderWidget(<Harness />, 'zh-CN');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(shown).toEqual(['操作成功！']);
  });

  it("a page's own success message replaces it, and false shows none", () => {
    renderWidget(<Harness successMessage="保存成功!" />);
    fireEvent.click(ok());
    expect(shown).toEqual(['保存成功!']);
    shown = [];
    renderWidget(<Harness successMessage={false} />);
    fireEvent.click(screen.getAllByRole('button', { name: /OK/ }).at(-1)!);
    expect(shown).toEqual([]);
  });

  it('falsy check keeps it open and fires nothing', () => {
    const onConfirm = vi.fn();
    renderWidget(<Harness beforeConfirm={() => false} onConfirm={onConfirm} />);
    fireEvent.click(ok());
    expect(screen.getByText('is-open')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('an asynchronous check shows loading on OK, then closes on truthy', async () => {
    let resolve: (v: boolean) => void = () => {};
    const onConfirm = vi.fn();
    renderWidget(<Harness beforeConfirm={() => new Promise<boolean>((r) => (resolve = r))} onConfirm={onConfirm} />);
    fireEvent.click(ok());
    await waitFor(() => expect(ok().className).toContain('ant-btn-loading'));
    expect(screen.getByText('is-open')).toBeTruthy();
    await act(async () => resolve(true));
    expect(screen.getByText('is-closed')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('an asynchronous falsy or failing check keeps it open and stops loading', async () => {
    renderWidget(<Harness beforeConfirm={() => Promise.reject(new Error('server'))} />);
    fireEvent.click(ok());
    await waitFor(() => expect(ok().className).not.toContain('ant-btn-loading'));
    expect(screen.getByText('is-open')).toBeTruthy();
  });

  it('cancel closes', () => {
    const onCancel = vi.fn();
    renderWidget(<Harness onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('is-closed')).toBeTruthy();
    expect(onCancel).toHaveBeenCalled();
  });

  it('backdrop click and Escape do not close it', () => {
    renderWidget(<Harness />);
    const wrap = document.querySelector<HTMLElement>('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    fireEvent.keyDown(wrap, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(screen.getByText('is-open')).toBeTruthy();
    expect(screen.getByText('form body')).toBeTruthy();
  });
});
