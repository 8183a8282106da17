// Import cost: the BUILT package's main entry, imported and nothing else.
import '../../dist/index.js';
