// The VS Code side of rulesrun: starts `rulesrun lsp` (the setting rulesrun.path says which program) for rules files.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const program = vscode.workspace.getConfiguration('rulesrun').get('path') || 'rulesrun';
  const server = { command: program, args: ['lsp'] };
  client = new LanguageClient('rulesrun', 'rulesrun', { run: server, debug: server }, {
    documentSelector: [{ scheme: 'file', language: 'rulesrun' }],
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
