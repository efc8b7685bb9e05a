import { mount } from 'svelte';
import App from './app/App.svelte';
import './app/app.css';
import { connectIpc } from './lib/ipc/index.js';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target, props: { api: connectIpc() } });
