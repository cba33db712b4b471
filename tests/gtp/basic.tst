# gridstone GTP regression: every command of the engine, errors included.
# Format: GoGui's gogui-regress (GNU Go's), see tests/gtp/run_tst.py: `#? [RE]`
# checks a numbered command's answer, `#? [RE]*` an expected failure (here
# always a command that must fail with that message).  The engine runs in
# this directory, so loadsgf paths are relative to it.  Run by tests/cli/gtp.sh;
# also by GoGui: gogui-regress 'ABS/PATH/build/gridstone gtp --playouts 100' basic.tst

# ---- administrative commands
1 protocol_version
#? [2]
2 name
#? [gridstone]
3 version
#? [\d+\.\d+\.\d+]
4 known_command play
#? [true]
5 known_command foo
#? [false]
6 known_command
#? [syntax error]*
7 list_commands
#? [.*\nplay\n.*\nfinal_status_list\n.*\nkgs-rules\n.*]
8 list_commands
#? [.*loadsgf.*printsgf.*]
9 frobnicate
#? [unknown command]*
10 PLAY b d4
#? [unknown command]*

# ---- protocol conventions: ids, comments, tabs, case
boardsize 9
clear_board
11	play	b	e5   # a comment after a command, tabs as separators
#? []
12 play W d5
#? []
13 play w E5
#? [illegal move]*
14 play w pass
#? []
15 play black PASS
#? []
16 play white c3
#? []

# ---- errors never change the game
17 play b
#? [syntax error]*
18 play x d4
#? [syntax error]*
19 play b i5
#? [syntax error]*
20 play b z9
#? [illegal move]*
21 play b d10
#? [illegal move]*
22 play b d0
#? [illegal move]*
23 play b 5d
#? [syntax error]*
24 play b d4 extra
#? [syntax error]*
25 showboard
#? [.*5 +\. \. \. O X .*3 +\. \.\(O\)\. .*]

# ---- undo
26 undo
#? []
27 showboard
#? [!.*3 +\. \.\(O\).*]
undo
undo
undo
28 undo
#? []
29 undo
#? [cannot undo]*
30 undo now
#? [syntax error]*

# ---- board size and komi
31 boardsize 1
#? [unacceptable size]*
32 boardsize 26
#? [unacceptable size]*
33 boardsize nine
#? [syntax error]*
34 boardsize 7
#? []
35 komi 6.5
#? []
36 komi seven
#? [syntax error]*
37 komi
#? [syntax error]*
38 boardsize 19
#? []
39 clear_board
#? []

# ---- capture and ko (simple-ko rules: japanese)
gridstone-rules japanese
boardsize 5
clear_board
play b b3
play b c4
play b c2
play w c3
play w d4
play w d2
play w e3
40 play b d3
#? []
41 play w c3
#? [illegal move]*
42 is_legal w c3
#? [0]
43 is_legal b a1
#? [1]
44 is_legal b d3
#? [0]
45 is_legal q d3
#? [syntax error]*
46 play w a1
#? []
47 play b a2
#? []
48 play w c3
#? []

# ---- suicide is illegal by default and legal with suicide=1
boardsize 5
clear_board
play w a2
play w b1
49 play b a1
#? [illegal move]*
50 gridstone-rules tromp-taylor
#? []
51 play b a1
#? []
52 showboard
#? [.*1 +\(\.\)O .*]

# ---- rules commands (a rule change replays the game: the suicide above
# is illegal under japanese rules, so that change is refused)
200 gridstone-rules japanese
#? [the game so far is not legal under those rules]*
clear_board
53 kgs-rules chinese
#? []
54 kgs-rules japanese
#? []
55 kgs-rules aga
#? []
56 kgs-rules new_zealand
#? []
57 kgs-rules korean
#? [unknown rules]*
58 gridstone-rules korean
#? []
59 gridstone-rules klingon
#? [unknown rules]*
60 gridstone-rules chinese ko=situational suicide=1
#? []
61 gridstone-rules chinese ko=sometimes
#? [unknown rules]*
62 kgs-rules
#? [syntax error]*

# ---- handicap
boardsize 9
clear_board
63 fixed_handicap 2
#? [(G7 C3|C3 G7)]
64 fixed_handicap 2
#? [board not empty]*
clear_board
65 fixed_handicap 5
#? [C7 G7 E5 C3 G3]
clear_board
66 fixed_handicap 10
#? [invalid number of stones]*
67 fixed_handicap 1
#? [invalid number of stones]*
68 fixed_handicap two
#? [syntax error]*
69 place_free_handicap 3
#? [[A-HJ]\d [A-HJ]\d [A-HJ]\d]
70 place_free_handicap 3
#? [board not empty]*
clear_board
71 place_free_handicap 1
#? [invalid number of stones]*
72 place_free_handicap 12
#? [([A-HJ]\d ){11}[A-HJ]\d]
clear_board
73 set_free_handicap d4 f6 e5
#? []
74 set_free_handicap a1 b2
#? [board not empty]*
clear_board
75 set_free_handicap d4
#? [bad vertex list]*
76 set_free_handicap d4 d4
#? [bad vertex list]*
77 set_free_handicap d4 z4
#? [bad vertex list]*
78 set_free_handicap d4 pass
#? [bad vertex list]*
79 set_free_handicap
#? [syntax error]*
80 set_free_handicap c3 g7
#? []
81 genmove black
#? [[A-HJ]\d|pass|resign]
82 showboard
#? [.*White.*|.*white.*]

# ---- time control
83 time_settings 300 10 5
#? []
84 time_settings 0 1 1
#? []
85 time_settings a b c
#? [syntax error]*
86 time_left white 30 0
#? []
87 time_left purple 30 0
#? [syntax error]*
88 time_left b 30
#? [syntax error]*

# ---- move generation
boardsize 9
clear_board
komi 7.5
89 genmove b
#? [[A-HJ][1-9]]
90 genmove white
#? [[A-HJ][1-9]]
91 genmove green
#? [syntax error]*
92 reg_genmove b
#? [[A-HJ][1-9]]
93 reg_genmove b
#? [[A-HJ][1-9]]
94 genmove
#? [syntax error]*

# ---- scoring a finished game: white's lone stone in black's area is dead
gridstone-rules chinese
boardsize 5
clear_board
komi 0.5
play b b1
play b b2
play b b3
play b b4
play b b5
play w d1
play w d2
play w d3
play w d4
play w d5
play w a3
play b pass
play w pass
95 final_status_list dead
#? [A3]
96 final_status_list alive
#? [(([B-D][1-5]) ){9}[B-D][1-5]]
# cleanup (KGS): black takes the dead stone off instead of passing
120 kgs-genmove_cleanup b
#? [A[1-5]|C[1-5]]
121 kgs-genmove_cleanup
#? [syntax error]*
undo
97 final_status_list seki
#? []
98 final_status_list undead
#? [syntax error]*
99 final_score
#? [W\+0\.5]
100 gridstone-rules japanese
#? []
101 final_score
#? [B\+0\.5]

# ---- SGF
102 printsgf
#? [.*GM\[1\].*SZ\[5\].*]
103 loadsgf /nonexistent/file.sgf
#? [cannot load file]*
104 loadsgf
#? [syntax error]*
gridstone-rules japanese
109 loadsgf ../data/go/rules/positional-superko.sgf
#? []
110 showboard
#? [.*K +L.*]
111 printsgf
#? [.*SZ\[11\].*;B\[eg\]\)]
112 loadsgf ../data/go/rules/positional-superko.sgf 3
#? []
113 printsgf
#? [.*;B\[dc\];W\[ef\]\)]
# under positional superko the file's last move is illegal: loading stops before it
gridstone-rules chinese
114 loadsgf ../data/go/rules/positional-superko.sgf
#? []
115 printsgf
#? [.*;W\[dg\]\)]
116 loadsgf ../data/go/rules/positional-superko.sgf 0
#? [syntax error]*
117 loadsgf basic.tst
#? [cannot load file]*
119 loadsgf -
#? [cannot load file]*
118 printsgf now
#? [syntax error]*

# ---- malformed lines
105
#? [syntax error]*
106 play b c3 # the id line above had no command
#? []
12345678901234567890123 name
#? [gridstone]
107 name
#? [gridstone]
108 quit
#? []
