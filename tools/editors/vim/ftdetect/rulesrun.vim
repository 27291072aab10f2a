" rulesrun rules files: *.rules, except the udev and polkit rules that Vim's own detection knows.
autocmd BufRead,BufNewFile *.rules if expand('<afile>:p') !~# '/udev/\|/polkit-1/' | set filetype=rulesrun | endif
