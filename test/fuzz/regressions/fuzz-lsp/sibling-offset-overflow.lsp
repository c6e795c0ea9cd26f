Content-Length: 215

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":false}}},"initializationOptions":{"debounceMs":0}}}Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}Content-Length: 593

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///w/src/kernel.cl","languageId":"opencl","version":1,"text":"// Constant folding and polynomial arithmetic that overflow 64 bits: once SIGFPE and UB.\n__kernel void big(__global float *p) {\n  long x = (long)get_global_id(0);\n  p[x << 62] = 1.0f;\n  p[x * 4611686018427387904L * 4] = 2.0f;\n  long m = -9223372036854775807L - 1L;\n  p[m / -1 + x] = 3.0f;\n  p[m % -1 + x] = 4.0f;\n}\n__kernel __attribute__((reqd_work_group_size(4294967295, 1, 1))) void huge(__global float *p) {\n  p[0] = 1.0f;\n}\n"}}}Content-Length: 150

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///w/src/kernel.cl"},"position":{"line":6,"character":8}}}Content-Length: 243

{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///w/src/kernel.cl"},"range":{"start":{"line":0,"character":0},"end":{"line":13,"character":0}},"context":{"diagnostics":[],"only":["quickfix"]}}}Content-Length: 110

{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///w/src/kernel.cl"}}}Content-Length: 152

{"jsonrpc":"2.0","id":"s","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///w/src/kernel.cl"},"position":{"line":6,"character":8}}}Content-Length: 44

{"jsonrpc":"2.0","id":9,"method":"shutdown"}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}