import { Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';

/**
 * Application menu. Workflow shortcuts are Alt+1…8, the same keys the renderer handles itself
 * (so the browser host has them too); the menu just makes them discoverable.
 */
export function buildMenu(getWindow: () => BrowserWindow | null, isDev: boolean, logFolder: string): Menu {
  const mac = process.platform === 'darwin';
  const screens = ['Well fill', 'Assign location', 'Row update', 'Upload', 'Outbox', 'Data', 'Settings', 'Labels'];
  const goTo = (i: number): MenuItemConstructorOptions => ({
    label: screens[i]!,
    accelerator: `Alt+${i + 1}`,
    // Forward as the keystroke the renderer already understands, rather than a second IPC path.
    click: () =>
      getWindow()?.webContents.sendInputEvent({ type: 'keyDown', keyCode: String(i + 1), modifiers: ['alt'] }),
  });
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [mac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...screens.map((_, i) => goTo(i)),
        { type: 'separator' },
        { role: 'reload' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
        ...(isDev ? [{ role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
    // An internal error says "details are in the log": this is where the user finds it.
    { role: 'help', submenu: [{ label: 'Open log folder', click: () => void shell.openPath(logFolder) }] },
  ];
  return Menu.buildFromTemplate(template);
}
