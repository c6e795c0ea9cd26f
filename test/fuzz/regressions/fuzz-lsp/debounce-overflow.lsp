Content-Length: 125

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"initializationOptions": {"debounceMs": 9223372036854775807}}}Content-Length: 152

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///w/a.cl", "version": 1, "text": "__kernel void k(){}"}}}Content-Length: 158

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///w/a.cl", "version": 2}, "contentChanges": [{"text": "x"}]}}