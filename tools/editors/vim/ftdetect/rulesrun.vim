" rulesrun rules files: *.rules
autocmd BufRead,BufNewFile *.rules setfiletype rulesrun
