// `npm run sandbox [-- --port N --key K --seed file.json]`: the package's `checkout-lookup-sandbox` bin, run from
// this repository's build. It reads the arguments after `--`, SANDBOX_API_KEY, and stops on Ctrl-C.
import '../dist/testing/cli.js';
