import { mount } from 'svelte';
import App from './app/App.svelte';
import './app/app.css';
import { connectIpc } from './lib/ipc/index.js';
import { canReachMain, NO_KEY_SAID } from './lib/ipc/client.js';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
if (canReachMain()) mount(App, { target, props: { api: connectIpc() } });
else {
  const said = document.createElement('p');
  said.setAttribute('role', 'alert');
  said.dataset['testid'] = 'no-key';
  said.className = 'no-key';
  said.textContent = NO_KEY_SAID;
  target.replaceChildren(said);
}
