// Cold start reference: what the runtime itself costs to make one Request, Headers and Response (in Node, the
// first use of these globals loads its fetch implementation, undici). No package code.
new Request('https://sandbox.test/', { headers: new Headers({ accept: 'application/json' }) });
await new Response('{}').json();
