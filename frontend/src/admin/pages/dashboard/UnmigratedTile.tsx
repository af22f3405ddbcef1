import { Link as RouterLink } from 'react-router-dom'
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material'
import PersonSearchIcon from '@mui/icons-material/PersonSearch'
import { formatCount } from '../../../common/format'
import { adminPath } from '../../paths'

const ICON = { p: 1.25, borderRadius: 2, bgcolor: 'primary.main', color: '#fff', display: 'flex' }

/** The wide tile of principals still to migrate; opens the Unmigrated Users list. */
export function UnmigratedTile({ unmigrated }: { unmigrated: number }) {
  return (
    <Card sx={{ background: 'linear-gradient(90deg, rgba(79,70,229,0.08), rgba(79,70,229,0.02))' }}>
      <CardActionArea
        component={RouterLink}
        to={adminPath('unmigrated-users')}
        data-testid="tile-unmigrated"
      >
        <Stack direction="row" spacing={2} sx={{ p: 2, pb: 3, alignItems: 'center' }}>
          <Box sx={ICON}>
            <PersonSearchIcon />
          </Box>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              Unmigrated Users
            </Typography>
            <Typography variant="h5" component="p" data-testid="tile-unmigrated-count">
              {formatCount(unmigrated)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Principals pending migration (excluding those on disabled products)
            </Typography>
          </Box>
          <Typography color="primary" sx={{ fontWeight: 600 }}>
            View list →
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  )
}
