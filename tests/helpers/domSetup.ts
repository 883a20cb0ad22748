import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): on a busy 2-core CI machine the
// first render of a file, with its lazy imports, can take longer than a second. A passing test waits no longer.
configure({ asyncUtilTimeout: 5000 });
