// Debian's Chromium, as every browser run of the project launches it: never a downloaded browser
// (the machines that run the tests have no network to download one), and the flags that keep it quiet and deterministic in a
// container whose network reaches nothing (background networking would be refused, many times).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
