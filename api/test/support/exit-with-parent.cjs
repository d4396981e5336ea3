// Preloaded (`node --require`) into the Node processes the API tests start (test/support/child-processes.ts):
// the process ends itself once the one that started it is gone, however that one ended. A SIGKILL of
// a Jest worker (Jest's own time-outs, --forceExit, an OOM kill) runs none of the parent's handlers,
// and a process left behind keeps its port, its database and the machine's cores.
const startedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== startedBy) process.exit(70);
}, 500).unref();
