import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from './form-rules';
import { renderWidget } from './test-utils';

function PasswordForm({ onFinish }: { onFinish: (v: Record<string, unknown>) => void }) {
  const rules = useFormRules();
  return (
    <Form {...VALIDATE_ON_BLUR} onFinish={(v) => onFinish(trimValues(v))}>
      <Form.Item name="oldPassword" label="Old" rules={rules.oldPassword()}>
        <Input aria-label="old" />
      </Form.Item>
      <Form.Item name="newPassword" label="New" rules={rules.newPassword()}>
        <Input aria-label="new" />
      </Form.Item>
      <Form.Item name="confirm" label="Confirm" dependencies={['newPassword']} rules={rules.confirmPassword('newPassword')}>
        <Input aria-label="confirm" />
      </Form.Item>
      <Form.Item name="phone" label="Phone" rules={rules.mobilePhone()}>
        <Input aria-label="phone" />
      </Form.Item>
      <Button htmlType="submit">save</Button>
    </Form>
  );
}

describe('spec 5: password fields validated on blur and again on submit', () => {
  it('shows the strong-password message on blur, not while typing', async () => {
    renderWidget(<PasswordForm onFinish={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('new'), 'weak');
    expect(screen.queryByText(/Password must contain/)).toBeNull();
    fireEvent.blur(screen.getByLabelText('new'));
    expect(await screen.findByText('Password must contain upper and lower case letters, digits and special characters, length 8 to 18')).toBeTruthy();
  });

  it('submit shows every failing rule, including empty required fields', async () => {
    const onFinish = vi.fn();
    renderWidget(<PasswordForm onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('original password cannot be empty')).toBeTruthy();
    expect(screen.getByText('new password cannot be empty')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('confirm must equal the new password (zh: 两次输入密码不一致)', async () => {
    renderWidget(<PasswordForm onFinish={vi.fn()} />, 'zh-CN');
    await userEvent.type(screen.getByLabelText('new'), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText('confirm'), 'Abcdef1?');
    fireEvent.blur(screen.getByLabelText('confirm'));
    expect(await screen.findByText('两次输入密码不一致')).toBeTruthy();
  });

  it('valid trimmed values are submitted trimmed', async () => {
    const onFinish = vi.fn();
    renderWidget(<PasswordForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('old'), ' old ');
    await userEvent.type(screen.getByLabelText('new'), ' Abcdef1! ');
    await userEvent.type(screen.getByLabelText('confirm'), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText('phone'), '13812345678');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ oldPassword: 'old', newPassword: 'Abcdef1!', confirm: 'Abcdef1!' });
  });

  it('mobile phone rule message', async () => {
    renderWidget(<PasswordForm onFinish={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('phone'), '12812345678');
    fireEvent.blur(screen.getByLabelText('phone'));
    expect(await screen.findByText('Please enter a correct phone number')).toBeTruthy();
  });
});
