" Vim (and Neovim) syntax of rulesrun rules files (docs/language.md). docs/editors.md says how to install it.
if exists('b:current_syntax')
  finish
endif

syntax case match

" Words that start declarations and statements, and the words of clauses.
syntax keyword rulesrunDeclaration import game option enum card record player state deck zone table board die setup
syntax keyword rulesrunDeclaration play procedure function score rank winners stat strategy
syntax keyword rulesrunStatement let if then else for each in while repeat times choose simultaneously move to at
syntax keyword rulesrunStatement shuffle return break end say show tell whether phase check where of by one subset
syntax keyword rulesrunStatement optional secretly copies with total soon as when
syntax keyword rulesrunClause players seats cooperative per ordered unordered public private hidden from owner face up
syntax keyword rulesrunClause down bookkeeping shown marked coloured sorted pile columns row grid ring faces leaves enters highest lowest after actions dice
syntax keyword rulesrunClause on prefer everyone top bottom position draw list
syntax keyword rulesrunOperator and or not
syntax keyword rulesrunConstant true false none nobody
syntax keyword rulesrunType int bool text
" The built-in functions (docs/language.md, "Built-in names"), only where they are called.
syntax match rulesrunBuiltin "\<\(first_player\|seat\|next_seat\|previous_seat\|players_from\|others\|size\|sum\|max\|min\|abs\|any\|all\|first\|last\|top\|bottom\|top_cards\|owner\|sorted\|distinct\|count\|roll\|random\|row\|column\|at\|spaces\|clockwise\|counterclockwise\|neighbours\|alive\|drop\|combines_to\|combination_text\|text\|score\)\ze\s*("
syntax keyword rulesrunBuiltinValue me choice

" Names right after the keyword that declares them.
syntax match rulesrunDeclaredName "\(^\(procedure\|function\|enum\|card\|record\|zone\|deck\|table\|board\|die\|stat\|strategy\)\s\+\)\@<=\h\w*"
syntax match rulesrunTypeName "\<\u\w*\>"

syntax match rulesrunNumber "\<\d\+\>"
syntax match rulesrunOperatorSign "==\|!=\|<=\|>=\|+=\|-=\|\.\.\|[-+*/%<>=|?]"
syntax region rulesrunString start=+"+ skip=+\\\\\|\\"+ end=+"+ oneline contains=rulesrunEscape,rulesrunHole
syntax match rulesrunEscape +\\[\\"nt]+ contained
syntax match rulesrunHole "{[^}"]*}" contained
syntax match rulesrunComment "#.*$" contains=rulesrunTodo,@Spell
syntax keyword rulesrunTodo TODO FIXME XXX Decision Reading contained

highlight default link rulesrunDeclaration Keyword
highlight default link rulesrunStatement Statement
highlight default link rulesrunClause Keyword
highlight default link rulesrunOperator Operator
highlight default link rulesrunOperatorSign Operator
highlight default link rulesrunConstant Constant
highlight default link rulesrunType Type
highlight default link rulesrunTypeName Type
highlight default link rulesrunBuiltin Function
highlight default link rulesrunBuiltinValue Identifier
highlight default link rulesrunDeclaredName Function
highlight default link rulesrunNumber Number
highlight default link rulesrunString String
highlight default link rulesrunEscape SpecialChar
highlight default link rulesrunHole Special
highlight default link rulesrunComment Comment
highlight default link rulesrunTodo Todo

let b:current_syntax = 'rulesrun'
