" rulesrun rules files: '#' comments, two spaces per level, `rulesrun fmt` as the formatter of `gq`.
" Vim's own detection first takes *.rules for hog rules, whose plugin may leave b:did_ftplugin behind: this plugin
" keeps a guard of its own.
if get(b:, 'did_rulesrun_ftplugin', 0)
  finish
endif
let b:did_ftplugin = 1
let b:did_rulesrun_ftplugin = 1
setlocal commentstring=#\ %s comments=:#
setlocal expandtab shiftwidth=2 softtabstop=2 tabstop=8 autoindent nosmartindent nocindent indentexpr=
setlocal formatprg=rulesrun\ fmt\ -
let b:undo_ftplugin = 'setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< tabstop< autoindent<'
      \ . ' smartindent< cindent< indentexpr< formatprg< | unlet! b:did_rulesrun_ftplugin'
