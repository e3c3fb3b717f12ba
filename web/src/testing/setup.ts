import { configure } from '@testing-library/react';

// Routes load lazily (dynamic imports). On a loaded machine (CI runs everything on 2 cores)
// that can take longer than testing-library's 1 s default for waitFor and findBy*.
configure({ asyncUtilTimeout: 10_000 });
