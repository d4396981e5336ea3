import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. The unit suite runs its workers in parallel on a
// two-core CI machine, where a screen that answers in 100 ms alone took over a second (a list
// coming back from the cache after a debounced search); 5 s keeps a real failure a failure.
configure({ asyncUtilTimeout: 5000 });
