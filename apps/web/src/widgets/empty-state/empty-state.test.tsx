import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { EmptyState } from './empty-state';
import { LoginIllustration, NoAccessIllustration } from '../illustrations';
import { renderWidget } from '../test-utils';

describe('spec 2: empty states for no access and network interruption', () => {
  it.each([
    ['noData', 'No data'],
    ['noAccess', 'No access'],
    ['networkError', 'Network connection interrupted'],
  ] as const)('%s shows its caption', (kind, caption) => {
    renderWidget(<EmptyState kind={kind} />);
    expect(screen.getByText(caption)).toBeTruthy();
  });
  it('network error explains what to check, in Chinese too', () => {
    renderWidget(<EmptyState kind="networkError" />, 'zh-CN');
    expect(screen.getByText('网络连接中断')).toBeTruthy();
    expect(screen.getByText('请检查网络连接是否正常')).toBeTruthy();
  });
  it('custom description and actions', () => {
    renderWidget(
      <EmptyState kind="noAccess" description="Ask your admin">
        <button>retry</button>
      </EmptyState>,
    );
    expect(screen.getByText('Ask your admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'retry' })).toBeTruthy();
  });
});

describe('house style 8: illustrations take their colours from the theme', () => {
  it('login illustration is a labelled image that follows the primary colour', () => {
    renderWidget(
      <ConfigProvider theme={{ token: { colorPrimary: '#13c2c2' } }}>
        <LoginIllustration />
      </ConfigProvider>,
    );
    const svg = screen.getByRole('img', { name: 'Energy management: substation, meters and consumption charts' });
    expect(svg.innerHTML.toLowerCase()).toContain('#13c2c2');
  });
  it('dark algorithm changes the drawing colours', () => {
    const light = renderWidget(<NoAccessIllustration />).container.innerHTML;
    const dark = renderWidget(
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <NoAccessIllustration />
      </ConfigProvider>,
    ).container.innerHTML;
    expect(dark).not.toBe(light);
  });
});
