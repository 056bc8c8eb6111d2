import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMAIL_API, type EmailServer } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import ServerPage from './server-page';

const STORED: EmailServer = { projectId: 3, configured: true, host: 'smtp.plant.example.com', port: 587, tlsMode: 'starttls', user: 'ems', passwordSet: true, fromAddress: 'ems@plant.example.com', fromName: 'EMS', updateTime: 1 };
let calls: { url: string; method: string; body: Record<string, unknown> }[] = [];
let answer: Record<string, unknown> = {};

const renderPage = async () => {
  renderFeaturePage(<ServerPage />, 'email', en);
  const page = await screen.findByTestId('email-server-page');
  await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
  await waitFor(() => expect((screen.getByTestId('email-host') as HTMLInputElement).value).toBe('smtp.plant.example.com'));
};

beforeEach(() => {
  calls = [];
  answer = { [EMAIL_API.validate]: { ok: true, response: 'OK', error: '' }, [EMAIL_API.testSend]: { ok: true, response: '250 2.0.0 Ok: queued as 4F2A', error: '' } };
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body });
    if (method === 'GET' && url.startsWith(EMAIL_API.server)) return STORED;
    if (method === 'PUT') return { ...STORED, ...body, passwordSet: body.password === undefined ? true : body.password !== '' };
    return answer[url];
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('mail server settings', () => {
  it('shows a stored password as "Set" without ever holding it; saving keeps it unless replaced', async () => {
    await renderPage();
    expect(screen.getByTestId('email-password-set').textContent).toBe('Set');
    expect(screen.queryByTestId('email-password')).toBeNull();
    fireEvent.change(screen.getByTestId('email-from-name'), { target: { value: 'Energy desk' } });
    fireEvent.click(screen.getByTestId('email-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const kept = calls.find((c) => c.method === 'PUT')!.body;
    expect(kept).toEqual({ projectId: 3, host: 'smtp.plant.example.com', port: 587, tlsMode: 'starttls', user: 'ems', fromAddress: 'ems@plant.example.com', fromName: 'Energy desk' });
    expect('password' in kept).toBe(false);

    fireEvent.click(screen.getByTestId('email-password-replace'));
    fireEvent.change(await screen.findByTestId('email-password'), { target: { value: 'n3w-secret' } });
    calls = [];
    fireEvent.click(screen.getByTestId('email-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body.password).toBe('n3w-secret');
  }, 60_000);

  it('refuses a bad sender address in the form, before any call', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('email-from'), { target: { value: 'ems@@plant' } });
    fireEvent.click(screen.getByTestId('email-save'));
    expect(await screen.findByText('Sender address is not a valid e-mail address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 60_000);

  it('validates and test-sends with the form settings and shows the server answer, or its error', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('email-validate'));
    expect((await screen.findByTestId('email-result')).textContent).toContain('Server answer: OK');
    expect(calls.find((c) => c.url === EMAIL_API.validate)!.body).toMatchObject({ host: 'smtp.plant.example.com', port: 587, tlsMode: 'starttls' });

    const send = screen.getByTestId('email-test-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('email-test-to'), { target: { value: 'me@plant.example.com' } });
    fireEvent.click(send);
    await waitFor(() => expect(screen.getByTestId('email-result').textContent).toContain('Server answer: 250 2.0.0 Ok: queued as 4F2A'), { timeout: 10_000 });
    expect(calls.find((c) => c.url === EMAIL_API.testSend)!.body).toMatchObject({ to: 'me@plant.example.com', host: 'smtp.plant.example.com' });

    answer[EMAIL_API.testSend] = { ok: false, response: '', error: '451 mailbox busy, try later' };
    await waitFor(() => expect(screen.getByTestId('email-test-send').className).not.toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('email-test-send'));
    await waitFor(() => expect(screen.getByTestId('email-result').textContent).toContain('Failed: 451 mailbox busy, try later'), { timeout: 10_000 });
  }, 60_000);

  it('switching to implicit TLS moves a default port to 465', async () => {
    await renderPage();
    const select = screen.getByTestId('email-tls');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByText('SSL/TLS (implicit)'));
    await waitFor(() => expect((screen.getByTestId('email-port') as HTMLInputElement).value).toBe('465'));
  }, 60_000);
});
