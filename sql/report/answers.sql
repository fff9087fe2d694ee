-- sql/report/answers.sql: the block the page opens with, "Answers"
-- (section 0, block 1, right under the title; 99_render.sql gives it the
-- id "answers"): one line per conclusion, each with its number and its
-- uncertainty, every number read from the tables the sections computed
-- (none written here), and each linked to the section and the table that
-- back it. Read after every section and before the renderer. A line whose
-- section has nothing to say about the report's round is left out (the
-- paper's claims exist only in the paper's round).
--
-- kind 'answer': body = the line (plain text, escaped by the renderer),
-- extra = a JSON array of [label, anchor] links, the anchor an h2's id or
-- the id the renderer gives a table: "t-<sec>-<part>-<blk>".

-- Every table of the page: its id (as 99_render.sql writes it), its
-- caption (the 'caption' block of the same sec, part and blk, if any) and
-- its header row, so a line names its table by what it shows, not by a
-- block number.
CREATE TEMP VIEW answer_tables AS
  SELECT h.sec, printf('t-%d-%d-%d', h.sec, h.part, h.blk) AS id,
         (SELECT c.body FROM page c WHERE c.sec = h.sec AND c.part = h.part AND c.blk = h.blk
             AND c.kind = 'caption') AS caption,
         h.body AS header
    FROM page h WHERE h.kind = 'th';

CREATE TEMP TABLE answers(ord INTEGER PRIMARY KEY, body TEXT NOT NULL, links TEXT NOT NULL);

-- Section 6: the paper's 8-16 GPUs, at the lowest and the highest theta,
-- each count a range over the variants of the sensitivity analysis.
INSERT INTO answers
  SELECT 1, printf('Where does scaling stop paying? The paper''s "8-16 GPUs" depends on what '
         || '"break-even" means: of the %d homogeneous marginal and efficiency break-evens, those in '
         || '8-16 number %s at theta %.1f and %s at theta %.1f (each a range over the %d variants '
         || 'of section 6: per-size pick, Preview systems, duplicates); the efficacy optimum '
         || '(most speedup x E'') is in 8-16 on %d of its %d curve-variants.',
         lo.me_points, lo.me_txt, lo.theta, hi.me_txt, hi.theta,
         (SELECT count(DISTINCT v) FROM be_sens),
         (SELECT sum(verdict = 'in range') FROM be_sens WHERE criterion = 'efficacy'
             AND theta = lo.theta),
         (SELECT count(*) FROM be_sens WHERE criterion = 'efficacy' AND theta = lo.theta)),
         json_array(json_array('section 6', '#breakeven'),
                    json_array('sensitivity table',
                               '#' || (SELECT id FROM answer_tables
                                        WHERE sec = 6 AND caption LIKE 'Sensitivity:%')))
    FROM (SELECT * FROM be_theta ORDER BY theta LIMIT 1) lo,
         (SELECT * FROM be_theta ORDER BY theta DESC LIMIT 1) hi
   WHERE lo.me_points > 0;

-- Section 5: E' at the largest size of each one-family curve, with the
-- ends of its 95% confidence intervals.
INSERT INTO answers
  SELECT 2, printf('How much efficiency is left at scale? On one accelerator family, E'' at the '
         || 'largest size of each of the %d homogeneous curves is %.3f to %.3f (median %.3f); '
         || 'the curves that keep E'' >= 0.5 up to their largest size number %d (%d to %d at the '
         || 'ends of the 95%% confidence intervals of E'').',
         count(*), min(e.e_last), max(e.e_last),
         (SELECT median FROM median WHERE grp = 'E'' at the largest size of each curve'),
         sum(e.e_min >= 0.5), sum(i.e_min_low >= 0.5), sum(i.e_min_high >= 0.5)),
         json_array(json_array('section 5', '#homogeneous'),
                    json_array('table of the curves',
                               '#' || (SELECT id FROM answer_tables
                                        WHERE sec = 5 AND header LIKE '%E'' at largest, 95% CI%')))
    FROM curve_end e JOIN curve_ci i USING (benchmark, family)
  HAVING count(*) > 0;

-- Section 4: the reference and the ranking (an identity: no uncertainty).
INSERT INTO answers
  SELECT 3, printf('Does the choice of reference system matter? Not for ranking: over %d '
         || 'references and %d (reference, system) pairs the rank by E'' differs from the rank '
         || 'by accelerator-minutes in %d (an identity, exact); only the level moves: the share of '
         || 'systems with E'' >= 1 goes from %.1f%% to %.1f%% with the reference.',
         (SELECT count(*) FROM ref_share), count(*), coalesce(sum(rank_e <> rank_am), 0),
         (SELECT min(share) FROM ref_share), (SELECT max(share) FROM ref_share)),
         json_array(json_array('section 4', '#reference'),
                    json_array('table of shares',
                               '#' || (SELECT id FROM answer_tables
                                        WHERE sec = 4 AND caption LIKE 'Share of systems%')))
    FROM ref_rank HAVING count(*) > 0;

-- Section 7: ordering alone against FCFS in the closed batch, per setting,
-- with the standard error of FCFS's mean over its permutations.
INSERT INTO answers
  SELECT 4, 'Does job order alone raise a GPU cluster''s utilization by 33 points, as the blog '
         || 'claims? In the closed batch of MLPerf jobs, without backfilling, the best order '
         || 'against FCFS gives '
         || group_concat(printf('%+.1f points (makespan %+.1f%% ± %.1f) on %s', 100 * (c.rigid_none ->> 3),
                                100 * (c.rigid_none ->> 2),
                                100 * (1 + (c.rigid_none ->> 2)) * (c.rigid_fcfs_se ->> 1), c.setting),
                         '; ')
         || printf(' (± the standard error of FCFS''s mean over its permutations; the blog: %+.0f '
                   || 'points).',
                   100 * ((SELECT value FROM blog_claims WHERE claim = 'utilization_after')
                          - (SELECT value FROM blog_claims WHERE claim = 'utilization_before'))),
         json_array(json_array('section 7', '#scheduling'),
                    json_array('closed-batch table',
                               '#' || (SELECT id FROM answer_tables
                                        WHERE sec = 7 AND caption LIKE 'Closed batch:%')))
    FROM (SELECT * FROM batch_claim ORDER BY rowid) c
  HAVING count(*) > 0;

-- Section 10: how much of the loss of E' the convergence explains.
INSERT INTO answers
  SELECT 5, printf('Why does E'' fall? Of the loss at the largest size, needing more samples at '
         || 'larger batches (convergence) accounts for a median %.0f%% (%.0f%% to %.0f%% over %d '
         || 'curves; the evaluation points move a share by up to %.0f points), throughput for the '
         || 'rest: a decomposition, not a cause.',
         100 * (SELECT median FROM median WHERE grp = 'share of the E'' loss from convergence'),
         100 * min(conv_share), 100 * max(conv_share), count(conv_share),
         100 * coalesce(max(share_high - share_low), 0)),
         json_array(json_array('section 10', '#convergence'),
                    json_array('table of the split',
                               '#' || (SELECT id FROM answer_tables WHERE sec = 10
                                          AND header LIKE '%share of the loss from convergence%')))
    FROM conv_end HAVING count(conv_share) > 0;

-- Section 8: the paper's claims, judged (the paper's round only).
INSERT INTO answers
  SELECT 6, printf('Do the paper''s claims hold? %d hold, %d hold with a caveat, %d are '
         || 'contradicted at least in part and %d cannot be checked from the data; each verdict '
         || 'says which threshold it read into the claim''s words.',
         t.holds, t.caveat, t.contradicted, t.unchecked),
         json_array(json_array('section 8', '#conclusions'),
                    json_array('the paper''s claims, judged',
                               '#' || (SELECT id FROM answer_tables
                                        WHERE sec = 8 AND caption = 'The paper''s claims against the data')))
    FROM claim_tally t JOIN report_config c WHERE c.paper AND t.n > 0;

INSERT INTO page SELECT 0, 0, 1, ord, 'answer', body, links FROM answers;
