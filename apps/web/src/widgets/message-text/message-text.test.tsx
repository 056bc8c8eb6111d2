import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MessageText } from './message-text';

describe('spec 5: message text longer than 60 characters is highlighted in a warning colour', () => {
  it('60 characters: plain; 61: coloured', () => {
    render(<MessageText text={'a'.repeat(60)} />);
    render(<MessageText text={'b'.repeat(61)} />);
    expect(screen.getByText('a'.repeat(60)).style.color).toBe('');
    expect(screen.getByText('b'.repeat(61)).style.color).not.toBe('');
  });
});
