/**
 * The submit button of a prerendered form cannot submit before the app has adopted the page (the
 * browser would post the form itself and reload it empty), and submits once it has; a form the app
 * renders itself submits at once.
 */
import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitButton } from '../../src/components/ui/submit-button';

afterEach(cleanup);

const form = <SubmitButton pending={false}>Log in</SubmitButton>;

describe('SubmitButton', () => {
  it('is a plain button in the prerendered HTML, and a submit button once hydrated', async () => {
    const html = renderToString(form);
    expect(html).toContain('type="button"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const button = container.querySelector('button')!;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, form);
    });
    // The same element, adopted, not replaced.
    expect(container.querySelector('button')).toBe(button);
    expect(button.type).toBe('submit');
    act(() => root!.unmount());
    container.remove();
  });

  it('submits at once where the app renders the form itself', () => {
    const { container } = render(form);
    expect(container.querySelector('button')!.type).toBe('submit');
  });
});
