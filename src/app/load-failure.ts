import { PAGE_LOAD_FAILED } from '../../contract/shell-errors';
import type { ApiLanguage } from '../../contract/enums';

/**
 * The only labels kept in code: this screen shows exactly when the translation catalogs could not
 * be loaded, so it cannot take its words from them. The message comes from the contract's catalogue.
 */
const RELOAD_LABEL: Record<ApiLanguage, string> = { en: 'Reload', zh_CN: '重新加载' };

/** What the visitor sees when the app cannot start because its language catalog did not load. */
export function renderLoadFailure(container: HTMLElement, language: ApiLanguage): void {
  const main = document.createElement('main');
  main.className = 'status-screen';
  main.setAttribute('role', 'alert');
  const box = document.createElement('div');
  const message = document.createElement('h1');
  message.className = 'status-screen__title';
  message.textContent = PAGE_LOAD_FAILED[language];
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-primary';
  reload.textContent = RELOAD_LABEL[language];
  reload.addEventListener('click', () => window.location.reload());
  box.append(message, reload);
  main.append(box);
  container.replaceChildren(main);
}
