import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton, TextField } from './FormFields';

// The e2e tests and screen readers find the error and hint by these ids, so the wiring is pinned here.
describe('TextField', () => {
  it('ties the error to the field and marks it invalid', () => {
    const html = renderToStaticMarkup(createElement(TextField, { id: 'f-email', label: 'Email', error: 'Bad.' }));
    expect(html).toContain('<label for="f-email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="f-email-error"');
    expect(html).toContain('<p id="f-email-error"');
  });

  it('describes the field by its hint until there is an error', () => {
    const calm = renderToStaticMarkup(createElement(TextField, { id: 'f-pw', label: 'Password', hint: '8+ chars' }));
    expect(calm).toContain('aria-describedby="f-pw-hint"');
    expect(calm).not.toContain('aria-invalid');
    const wrong = renderToStaticMarkup(
      createElement(TextField, { id: 'f-pw', label: 'Password', hint: '8+ chars', error: 'Too short.' }),
    );
    expect(wrong).toContain('aria-describedby="f-pw-error"');
    expect(wrong).toContain('id="f-pw-hint"');
  });

  it('renders a textarea when multiline', () => {
    const html = renderToStaticMarkup(
      createElement(TextField, { id: 'f-msg', label: 'Message', multiline: true, rows: 5, defaultValue: 'x' }),
    );
    expect(html).toMatch(/<textarea id="f-msg" rows="5"/);
  });
});

describe('SubmitButton', () => {
  it('is disabled while busy and shows the busy label only when given one', () => {
    const plain = renderToStaticMarkup(createElement(SubmitButton, { busy: true }, 'Sign in'));
    expect(plain).toMatch(/disabled=""[^>]*>Sign in</);
    const labelled = renderToStaticMarkup(createElement(SubmitButton, { busy: true, busyLabel: 'Sending…' }, 'Send'));
    expect(labelled).toContain('>Sending…<');
    expect(renderToStaticMarkup(createElement(SubmitButton, { busy: false }, 'Send'))).not.toContain('disabled=""');
  });
});
