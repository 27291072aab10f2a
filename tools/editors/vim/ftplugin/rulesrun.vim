" rulesrun rules files: '#' comments, two spaces per level, `rulesrun fmt` as the formatter of `gq`.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1
setlocal commentstring=#\ %s comments=:#
setlocal expandtab shiftwidth=2 softtabstop=2 tabstop=8
setlocal formatprg=rulesrun\ fmt\ -
let b:undo_ftplugin = 'setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< tabstop< formatprg<'
