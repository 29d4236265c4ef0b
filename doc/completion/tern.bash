# bash completion for tern(1), the terminal web browser.
# Installed as PREFIX/share/bash-completion/completions/tern.

_tern() {
    # The word being completed and the one before it, as typed: read from
    # the line, as bash's own words split "about:help" in three at the ':'.
    local line=${COMP_LINE:0:COMP_POINT}
    local cur=${line##*[[:space:]]}
    local before=${line%"$cur"}
    before=${before%"${before##*[![:space:]]}"}
    local prev=${before##*[[:space:]]}
    local IFS=$'\n'
    COMPREPLY=()
    case $prev in
        --profile)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --import-cookies | --export-cookies | --import-bookmarks | --export-bookmarks | --ca-bundle)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --dialogs)
            COMPREPLY=($(compgen -W $'accept\ndismiss' -- "$cur")); return ;;
        --width | --timeout | --script-memory-limit | --user-agent | --eval | --wait-for | --resolve | --proxy)
            return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W $'--dump\n--width\n--no-list\n--source\n--no-js\n--no-css\n--content-process\n--no-color\n--dialogs\n--eval\n--wait-for\n--console\n--profile\n--private\n--restore\n--keep-session-cookies\n--import-cookies\n--export-cookies\n--import-bookmarks\n--export-bookmarks\n--user-agent\n--timeout\n--script-memory-limit\n--resolve\n--ca-bundle\n--proxy\n--insecure\n--print-config\n--version\n--help' -- "$cur"))
        return
    fi
    # A page: Tern's about: pages, a URL scheme, or a file.
    COMPREPLY=($(compgen -W $'about:start\nabout:help\nabout:history\nabout:bookmarks\nabout:blank\nhttp://\nhttps://\nfile://' -- "$cur"))
    if [[ $cur == *:* ]]; then
        # Only the part after the last ':' replaces the word bash sees.
        local colon=${cur%"${cur##*:}"}
        COMPREPLY=("${COMPREPLY[@]#"$colon"}")
    else
        compopt -o filenames 2>/dev/null
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
    [[ ${COMPREPLY[0]} == *// ]] && compopt -o nospace 2>/dev/null
}

complete -F _tern tern
