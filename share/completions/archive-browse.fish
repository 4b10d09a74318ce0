function __archive-browse_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __archive-browse_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __archive-browse_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __archive-browse_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __archive-browse_parse_tokens -S
    set -l unparsed_tokens (__archive-browse_tokens -pc)
    switch $unparsed_tokens[1]
    case 'archive-browse'
        __archive-browse_parse_subcommand -r 1 'dump' 'full-values' 'check' 'json' 'screen=' 'keys=' 'demo' 'explain=' 'q/quiet' 'no-group' 'unarchive=' 'columns=' 'where=' 'extract=' 'classes' 'diff=' 'salvage=' 'repair=' 'force' 'side=' 'audit' 'allowed-classes=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __archive-browse_parse_subcommand -r 1 'version'
        end
    end
end

function __archive-browse_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __archive-browse_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __archive-browse_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __archive-browse_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__archive-browse_tokens -p)
    if test -z "$(__archive-browse_tokens -t)"
        set -l index (count (__archive-browse_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'archive-browse' -f
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" dump' -l 'dump' -d 'Print the decoded tree as indented text with byte ranges and diagnostics.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" full-values' -l 'full-values' -d 'With --dump: print strings and data in full instead of cut at 200 characters.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" check' -l 'check' -d 'Print only diagnostics (offset: severity: id: message); exit 1 if any error or warning.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" json' -l 'json' -d 'Print one JSON document (one line) per file: format, top, objects, diagnostics.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" screen' -l 'screen' -d 'Render the browser screen headlessly at this size (e.g. 80x24) and print it.' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" keys' -l 'keys' -d 'Keys to apply before rendering with --screen (e.g. \'jjl/Book<Enter>\'; <lt> types a <).' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" demo' -l 'demo' -d 'Open the built-in demo archive (add \'corrupt\' as FILE for the damaged variant).'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" explain' -l 'explain' -d 'Explain a diagnostic id (e.g. bplist.ref.out-of-range): what it means, how Apple\'s reader behaves, what to do.' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" q quiet' -s 'q' -l 'quiet' -d 'Write no notes on standard error, in any mode (errors and warnings still go there).'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" no-group' -l 'no-group' -d 'With --check or --dump: list every diagnostic instead of grouping an id reported many times.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" unarchive' -l 'unarchive' -d 'Write the archive as a plain document, references resolved: json, xml1 or binary1.' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" columns' -l 'columns' -d 'With --unarchive, --extract or --classes over a database: other columns of each archive\'s row to add to its record (date,handle_id or message.date); in the browser (or --screen) on a database, shown as columns of its list.' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" where' -l 'where' -d 'With --unarchive, --extract or --classes over a source: write only the archives whose place, --columns values or decoded document match PATTERN (a regex, smart case, as the browser\'s /).' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" extract' -l 'extract' -d 'Print the value at a key path of the resolved document (root.items.3.name; \\. for a dot in a key).' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" classes' -l 'classes' -d 'Per class: instances, class chain, and the keys its instances use with their value types (--json too).'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" diff' -l 'diff' -d 'Compare the object graph of OTHER with FILE\'s: added, removed and changed values by key path (--json too); exit 1 when they differ.' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" salvage' -l 'salvage' -d 'Write a new, valid binary plist (keyed archive) of everything that decodes, after undoing reversible damage; report on stderr (--json: stdout).' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" repair' -l 'repair' -d 'Write the input\'s bytes with reversible damage undone (wrapper, Latin-1 re-encoding, CR/LF conversion; one side of merge conflicts with --side).' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" force' -l 'force' -d 'With --salvage or --repair: replace OUT if it exists (never the input).'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" side' -l 'side' -d 'With --repair or --salvage, on a text plist with unresolved git merge conflicts: the side of each to keep (ours or theirs).' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" audit' -l 'audit' -d 'Security audit (issue 40): the classes decoding would instantiate, the allow-list prediction and risk findings (--json too); exit 1 on a failed allow-list or a risk.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" allowed-classes' -l 'allowed-classes' -d 'With --audit: the classes unarchivedObject(ofClasses:from:) is given (comma-separated, or @FILE of names); given empty (--allowed-classes=), only the smallest list.' -rfka ''
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" version' -l 'version' -d 'Show the version.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_positional "archive-browse" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'archive-browse' -n '__archive-browse_should_offer_completions_for_flags_or_options "archive-browse help" version' -l 'version' -d 'Show the version.'
